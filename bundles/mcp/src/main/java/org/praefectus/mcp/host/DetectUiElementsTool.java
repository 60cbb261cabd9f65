package org.praefectus.mcp.host;

import java.util.Map;

/** {@code detect_ui_elements} and its PeekabooX alias {@code vision_elements}: see {@link VisionTools#detectUiElements}. */
final class DetectUiElementsTool implements Tool {

    private final String name;
    private final VisionTools vision;

    DetectUiElementsTool(String name, VisionTools vision) {
        this.name = name;
        this.vision = vision;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        return vision.detectUiElements(args, context.progress());
    }
}
