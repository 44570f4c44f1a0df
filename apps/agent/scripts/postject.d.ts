/** The part of postject's API the packaging script uses (it ships no types). */
declare module 'postject' {
  export function inject(
    file: string,
    resourceName: string,
    resourceData: Buffer,
    options?: { sentinelFuse?: string; machoSegmentName?: string; overwrite?: boolean },
  ): Promise<void>;
}
