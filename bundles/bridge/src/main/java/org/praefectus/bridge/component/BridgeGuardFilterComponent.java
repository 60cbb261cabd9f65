package org.praefectus.bridge.component;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardFilterServlet;
import org.praefectus.bridge.Bridge;

/**
 * Host header, query-string credentials, bearer token and body size in front of the bridge servlet, and
 * of nothing else the runtime's Jetty may serve (the filter names the servlet instead of a pattern).
 */
@Component(service = Filter.class)
@HttpWhiteboardFilterServlet(BridgeServletComponent.NAME)
public final class BridgeGuardFilterComponent implements Filter {

    private final Bridge bridge;

    @Activate
    public BridgeGuardFilterComponent(@Reference Bridge bridge) {
        this.bridge = bridge;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        bridge.guard().doFilter(request, response, chain);
    }
}
