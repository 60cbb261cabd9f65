package org.praefectus.mcp.host;

import java.util.Map;

/** {@code detect_ui_state}: see {@link VisionTools#detectUiState}. */
final class DetectUiStateTool implements Tool {

    private final VisionTools vision;

    DetectUiStateTool(VisionTools vision) {
        this.vision = vision;
    }

    @Override
    public String name() {
        return "detect_ui_state";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        return vision.detectUiState(args);
    }
}
