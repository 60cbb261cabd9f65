package org.praefectus.mcp.host;

import java.util.Map;

/**
 * {@code ocr} and its PeekabooX aliases {@code ocr_image} (an image is required) and {@code ocr_screen} (the live
 * screen: no image): see {@link VisionTools#ocr}.
 */
final class OcrTool implements Tool {

    private final String name;
    private final VisionTools vision;

    OcrTool(String name, VisionTools vision) {
        this.name = name;
        this.vision = vision;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        if (name.equals("ocr_image") && args.get("image") == null) {
            throw new ToolArguments.InvalidArgument("ocr_image needs an image (path or png_base64)");
        }
        if (name.equals("ocr_screen") && args.get("image") != null) {
            throw new ToolArguments.InvalidArgument(
                    "ocr_screen reads the live screen: give no image (ocr_image takes one)");
        }
        return vision.ocr(args, context.progress());
    }
}
