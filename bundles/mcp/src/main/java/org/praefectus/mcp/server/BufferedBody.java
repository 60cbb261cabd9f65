package org.praefectus.mcp.server;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A POST body read completely before anything is parsed (at most the limit: more is refused with 413, nothing
 * processed), then served to the SDK as the request's body, possibly rewritten by {@link JsonRpcFraming}.
 */
final class BufferedBody extends HttpServletRequestWrapper {

    /** The body was longer than the limit. */
    static final class TooLarge extends Exception {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super("request body too large", null, false, false);
        }
    }

    private final byte[] body;

    BufferedBody(HttpServletRequest request, byte[] body) {
        super(request);
        this.body = body;
    }

    /** Reads at most {@code limit} bytes of the body. */
    static byte[] read(HttpServletRequest request, long limit) throws IOException, TooLarge {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = request.getInputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                if (out.size() > limit) {
                    throw new TooLarge();
                }
            }
        }
        return out.toByteArray();
    }

    @Override
    public int getContentLength() {
        return body.length;
    }

    @Override
    public long getContentLengthLong() {
        return body.length;
    }

    @Override
    public String getCharacterEncoding() {
        return StandardCharsets.UTF_8.name();
    }

    @Override
    public BufferedReader getReader() {
        return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }

    @Override
    public ServletInputStream getInputStream() {
        ByteArrayInputStream in = new ByteArrayInputStream(body);
        return new ServletInputStream() {
            @Override
            public boolean isFinished() {
                return in.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new IllegalStateException("the body is already read");
            }

            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                return in.read(b, off, len);
            }
        };
    }
}
