// `ws` ships no types; the Supabase client only needs its constructor (supabase-client.ts).
declare module "ws" {
  const WebSocket: new (url: string, protocols?: string | string[]) => unknown;
  export default WebSocket;
}
