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
import org.praefectus.bridge.run.ApiException;

/** The {@link RequestGuard} in front of every route; a refusal is answered in the contract's envelope. */
public final class GuardFilter implements Filter {

    private final RequestGuard guard;
    private final ObjectMapper json = new ObjectMapper();

    public GuardFilter(RequestGuard guard) {
        this.guard = guard;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        try {
            guard.check((HttpServletRequest) request);
        } catch (ApiException e) {
            Envelope.error(json, (HttpServletResponse) response, e.httpStatus(), e.code(), e.getMessage());
            return;
        }
        chain.doFilter(request, response);
    }
}
