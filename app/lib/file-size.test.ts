import { describe, expect, it } from "vitest";
import { BYTES_PER_GB, formatBytes, MAX_ATTACHMENT_BYTES } from "./file-size";

describe("formatBytes", () => {
  it("reads as people write sizes", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(Math.round(12.4 * 1024 * 1024))).toBe("12.4 MB");
    expect(formatBytes(1024 * 1024 - 10)).toBe("1 MB");
    expect(formatBytes(MAX_ATTACHMENT_BYTES)).toBe("25 MB");
    expect(formatBytes(5 * BYTES_PER_GB)).toBe("5 GB");
    expect(formatBytes(500 * BYTES_PER_GB)).toBe("500 GB");
  });
});
