// server.d.mts — the types of server.mjs for the TypeScript specs and fixtures.

/** The repository's dist/, the default root. */
export declare const DIST: string;

/** The strict policy the page must load, compute and draw under. */
export declare const CSP: string;

/** The headers that make a page cross-origin isolated. */
export declare const ISOLATION: Record<string, string>;

/** One request the server answered. */
export interface ServedRequest {
  method: string;
  path: string;
  status: number;
}

/** A running server. */
export interface TestServer {
  /** http://127.0.0.1:PORT/prefix/ */
  url: string;
  origin: string;
  /** Every request answered, in order. */
  requests: ServedRequest[];
  close(): Promise<void>;
}

/** What to serve and how. */
export interface ServerOptions {
  root?: string;
  prefix?: string;
  csp?: boolean;
  /** Send COOP and COEP: the page is cross-origin isolated. */
  isolated?: boolean;
  port?: number;
}

export declare function startServer(opts?: ServerOptions): Promise<TestServer>;
