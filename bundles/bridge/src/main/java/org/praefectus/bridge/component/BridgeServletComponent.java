package org.praefectus.bridge.component;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletName;
import org.osgi.service.servlet.whiteboard.propertytypes.HttpWhiteboardServletPattern;
import org.praefectus.bridge.Bridge;

/** The bridge's routes on the HTTP Whiteboard, present while a {@link Bridge} runs. */
@Component(service = jakarta.servlet.Servlet.class)
@HttpWhiteboardServletName(BridgeServletComponent.NAME)
@HttpWhiteboardServletPattern("/*")
public final class BridgeServletComponent extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String NAME = "praefectus.bridge";

    private final transient Bridge bridge;

    @Activate
    public BridgeServletComponent(@Reference Bridge bridge) {
        this.bridge = bridge;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response)
            throws ServletException, IOException {
        bridge.servlet().service(request, response);
    }
}
