import { Transform, type TransformCallback } from "node:stream";

/** Past this much, what is waiting goes at once. */
const MAX_BUFFERED = 64 * 1024;

/**
 * React writes a page in many small pieces, and Remix flushes the response after each piece
 * (`writeReadableStreamToWritable`), so with compression on, each piece went through gzip on
 * its own with a sync flush: thousands of zlib calls for one board page, and a worse ratio.
 * This passes on what was written in one turn of the event loop as one piece (or sooner,
 * once 64 KB wait), so a page still streams: a Suspense boundary that resolves later is
 * its own piece, sent as soon as React writes it.
 */
export class CoalescingStream extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private scheduled = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= MAX_BUFFERED) this.release();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.release();
      });
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    this.release();
    callback();
  }

  private release() {
    if (this.size === 0) return;
    const whole = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    this.push(whole);
  }
}
