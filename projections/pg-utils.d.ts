// pg's own value encoding (node-postgres ships no types for this module).
declare module 'pg/lib/utils.js' {
  const utils: {
    prepareValue(value: unknown): string | Buffer | null;
    escapeLiteral(value: string): string;
  };
  export default utils;
}
