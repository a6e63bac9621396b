/** The client's address: set by server.ts from Express (which honours TRUST_PROXY). */
export function clientIp(request: Request): string {
  return request.headers.get("X-Atelier-Client-Ip") ?? "unknown";
}
