package org.praefectus.mcp.host;

import java.io.IOException;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.cdp.PageImage;

/**
 * {@code screenshot} in browser mode: the page's viewport as MCP image content (PNG), read-only. When the host gave
 * a screenshot folder ({@code --screenshot-dir}) the image is also kept there under a name the server chooses, which
 * the answer gives; the bytes never reach a log or the audit.
 */
final class PageScreenshotTool implements Tool {

    private static final long DEADLINE_MS = 30_000;

    private final PageObserver page;
    private final Clock clock;

    PageScreenshotTool(PageObserver page, Clock clock) {
        this.page = page;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "screenshot";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, Set.of());
        PageImage image;
        try {
            image = page.screenshot(context.cancellation().token(), clock.millis() + DEADLINE_MS);
        } catch (ExecutorException e) {
            return ExecutorFailures.pageObservationFailure(e);
        }
        Optional<String> file;
        try {
            file = page.keep(image);
        } catch (IOException e) {
            return ToolResult.failure(
                    "screenshot_not_kept",
                    "the screenshot could not be written to the host's screenshot folder",
                    "ask the operator to check the folder given with --screenshot-dir",
                    true);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("width", image.width());
        body.put("height", image.height());
        body.put("mime_type", "image/png");
        body.put("byte_length", image.png().length);
        body.put("sha256", Sha256.hex(image.png()));
        file.ifPresent(name -> body.put("file", name));
        String text = "Screenshot of the page's viewport, " + image.width() + "x" + image.height() + " CSS pixels"
                + file.map(name -> ", kept as " + name + " in the host's screenshot folder")
                        .orElse("") + ".";
        return new ToolResult(false, body, Base64.getEncoder().encodeToString(image.png()), text);
    }
}
