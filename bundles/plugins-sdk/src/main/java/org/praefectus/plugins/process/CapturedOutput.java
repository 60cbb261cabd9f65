package org.praefectus.plugins.process;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The kept part of one output stream.
 *
 * @param bytes      the first bytes of the stream, at most the spec's {@code maxOutputBytes}
 * @param totalBytes how many bytes the stream carried in all
 * @param truncated  true when {@code totalBytes} exceeds what was kept
 */
public record CapturedOutput(byte[] bytes, long totalBytes, boolean truncated) {

    public CapturedOutput {
        bytes = bytes.clone();
        if (totalBytes < bytes.length) {
            throw new IllegalArgumentException("totalBytes counts at least the kept bytes");
        }
        if (truncated != (totalBytes > bytes.length)) {
            throw new IllegalArgumentException("truncated means more bytes than were kept");
        }
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The kept bytes as UTF-8 text, malformed input (a character cut by the cap) replaced. */
    public String text() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CapturedOutput that
                && Arrays.equals(bytes, that.bytes)
                && totalBytes == that.totalBytes
                && truncated == that.truncated;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(bytes) + Long.hashCode(totalBytes);
    }

    @Override
    public String toString() {
        return "CapturedOutput[" + bytes.length + " of " + totalBytes + " bytes]";
    }
}
