declare module 's3rver' {
  /** The parts of s3rver (a local S3 server for tests) that the tests use. */
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
