package org.praefectus.mcp.host;

import java.util.Map;

/** {@code compare_images}: see {@link VisionTools#compareImages}. */
final class CompareImagesTool implements Tool {

    private final VisionTools vision;

    CompareImagesTool(VisionTools vision) {
        this.vision = vision;
    }

    @Override
    public String name() {
        return "compare_images";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        return vision.compareImages(args);
    }
}
