package org.praefectus.bridge.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import org.praefectus.bridge.run.ApiException;

/** The {@link RequestGuard} in front of every route; a refusal is answered in the contract's envelope. */
public final class GuardFilter implements Filter {

    /** The most a refusal reads of a body it will not use. */
    static final long DRAIN_LIMIT = 1024 * 1024;

    private final RequestGuard guard;
    private final ObjectMapper json = new ObjectMapper();

    public GuardFilter(RequestGuard guard) {
        this.guard = guard;
    }

    /**
     * Reads and drops what the client is still sending (at most {@link #DRAIN_LIMIT} bytes) before a refusal
     * is written: a connection closed with unread bytes is reset, and the reset can destroy the refusal
     * before the client reads it (a 300 KiB POST then sees a broken pipe instead of its 413). Larger bodies are
     * not read; their clients may see the reset.
     */
    static void discardBody(ServletRequest request) {
        long declared = request.getContentLengthLong();
        if (declared == 0 || declared > DRAIN_LIMIT) {
            return;
        }
        try {
            InputStream in = request.getInputStream();
            byte[] sink = new byte[8192];
            long read = 0;
            int n;
            while (read <= DRAIN_LIMIT && (n = in.read(sink)) > 0) {
                read += n;
            }
        } catch (IOException | IllegalStateException gone) {
            // the client went away or the body was already read: nothing is left to protect
        }
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            guard.check((HttpServletRequest) request);
        } catch (ApiException e) {
            discardBody(request);
            Envelope.error(json, (HttpServletResponse) response, e.httpStatus(), e.code(), e.getMessage());
            return;
        }
        chain.doFilter(request, response);
    }
}
