declare module "*/build/index.js" {
  export function createWorker(options?: {
    now?: (request: Request) => number;
  }): ExportedHandler<Record<string, unknown>>;
}
