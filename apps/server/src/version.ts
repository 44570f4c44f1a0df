/** Product version shown in the API document and health answers. */
export const VERSION = '1.0.1';
