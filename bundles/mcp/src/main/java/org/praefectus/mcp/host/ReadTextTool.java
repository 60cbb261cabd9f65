package org.praefectus.mcp.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.TextRead;
import org.praefectus.api.selector.SelectorException;

/**
 * {@code read_text} (#36): one page of the text of the element a selector finds, as the platform's typed
 * {@link DesktopService#readText} reads it; {@code next_offset} continues. Read-only. A password field is never read.
 */
final class ReadTextTool implements Tool {

    private static final Set<String> ARGUMENTS =
            Set.of("selector", "app", "window_title", "window_id", "offset", "length");

    private final HostServices services;

    ReadTextTool(HostServices services) {
        this.services = services;
    }

    @Override
    public String name() {
        return "read_text";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        ElementQuery query;
        try {
            query = DesktopServiceTools.query(args);
        } catch (SelectorException e) {
            return DesktopServiceTools.badSelector(e);
        }
        int offset = ToolArguments.intArgument(args, "offset", 0, 0, Integer.MAX_VALUE);
        int length = ToolArguments.intArgument(args, "length", 4_096, 1, TextRead.MAX_PAGE);
        DesktopServiceTools.Service service = DesktopServiceTools.of(services, name());
        if (service.missing() != null) {
            return service.missing();
        }
        TextRead read;
        try {
            read = service.desktop()
                    .readText(query, offset, length, context.cancellation().token());
        } catch (DesktopException e) {
            return ToolResult.failure(
                    e.code(),
                    e.getMessage(),
                    e.code().equals("target_not_found")
                            ? "find_elements shows what the window holds; choose an element with text"
                            : "check the arguments and the window with find_elements",
                    true);
        }
        Map<String, Object> element = new LinkedHashMap<>();
        element.put("role", read.element().role());
        element.put("label", read.element().label());
        element.put("window_title", read.element().windowTitle());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("element", element);
        body.put("offset", read.offset());
        body.put("text", read.text());
        body.put("total", read.total());
        body.put("next_offset", read.nextOffset());
        return ToolResult.ok(body);
    }
}
