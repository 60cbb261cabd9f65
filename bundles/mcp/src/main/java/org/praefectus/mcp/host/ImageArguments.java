package org.praefectus.mcp.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.praefectus.api.vision.Region;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * An image argument of the vision tools: {@code {"path": "/abs/file.png"}} (a regular file the server can
 * read, no symbolic link) or {@code {"png_base64": "..."}}. PNG only, at most {@link #MAX_PNG_BYTES} encoded and
 * {@link #MAX_PIXELS} pixels by the PNG header, checked before anything is decoded (a small PNG can declare a
 * huge canvas). Over HTTP the request body limit (1 MiB by default) bounds base64 images further.
 */
final class ImageArguments {

    static final int MAX_PNG_BYTES = 8 * 1024 * 1024;
    static final long MAX_PIXELS = 32L * 1024 * 1024;
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    private ImageArguments() {}

    /** A PNG given by an argument, and whether it came from a file or from base64 (for the audit). */
    record Png(byte[] bytes, String source) {}

    static Png png(Object raw, String name) {
        if (!(raw instanceof Map<?, ?> map) || map.size() != 1) {
            throw new InvalidArgument(name + " must be an object with exactly one of path or png_base64");
        }
        Object path = map.get("path");
        Object base64 = map.get("png_base64");
        byte[] bytes;
        String source;
        if (path instanceof String text) {
            bytes = readFile(text, name);
            source = "file";
        } else if (base64 instanceof String text) {
            if (text.length() > (MAX_PNG_BYTES / 3 + 1) * 4) {
                throw new InvalidArgument(name + ".png_base64 is larger than " + MAX_PNG_BYTES + " bytes");
            }
            try {
                bytes = Base64.getMimeDecoder().decode(text);
            } catch (IllegalArgumentException e) {
                throw new InvalidArgument(name + ".png_base64 is not base64");
            }
            source = "base64";
        } else {
            throw new InvalidArgument(name + " must be an object with exactly one of path or png_base64");
        }
        checkHeader(bytes, name);
        return new Png(bytes, source);
    }

    /**
     * The directories image paths may name: the user's home and the temporary directory (where agents and
     * clients put screenshots). Anything else is refused exactly as a missing file is, so the error never tells
     * whether a file exists elsewhere (no probing of /etc or other users' files).
     */
    static List<Path> allowedDirectories() {
        return List.of(Path.of(System.getProperty("user.home")), Path.of(System.getProperty("java.io.tmpdir")));
    }

    private static byte[] readFile(String text, String name) {
        InvalidArgument refused = new InvalidArgument(
                name + ".path is not a readable PNG file in the allowed image directories (home, temporary)");
        Path file;
        try {
            file = Path.of(text);
        } catch (RuntimeException e) {
            throw refused;
        }
        if (!file.isAbsolute() || !inside(file.normalize(), allowedDirectories(), false)) {
            throw refused;
        }
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                    || !inside(file.toRealPath(), allowedDirectories(), true)) {
                throw refused;
            }
            if (Files.size(file) > MAX_PNG_BYTES) {
                throw new InvalidArgument(name + " is larger than " + MAX_PNG_BYTES + " bytes");
            }
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw refused;
        }
    }

    /** Whether {@code path} lies under one of {@code directories} (by their real paths when {@code real}). */
    private static boolean inside(Path path, List<Path> directories, boolean real) {
        for (Path directory : directories) {
            try {
                Path root = real
                        ? directory.toRealPath()
                        : directory.toAbsolutePath().normalize();
                if (path.startsWith(root)) {
                    return true;
                }
            } catch (IOException missing) {
                // a directory that does not exist holds nothing
            }
        }
        return false;
    }

    /** PNG signature, then IHDR's width and height (big-endian at 16 and 20) within the pixel bound. */
    static void checkHeader(byte[] bytes, String name) {
        if (bytes.length > MAX_PNG_BYTES) {
            throw new InvalidArgument(name + " is larger than " + MAX_PNG_BYTES + " bytes");
        }
        if (bytes.length < 24 || !java.util.Arrays.equals(bytes, 0, 8, SIGNATURE, 0, 8)) {
            throw new InvalidArgument(name + " is not a PNG");
        }
        long width = Integer.toUnsignedLong(readInt(bytes, 16));
        long height = Integer.toUnsignedLong(readInt(bytes, 20));
        if (width == 0 || height == 0 || width * height > MAX_PIXELS) {
            throw new InvalidArgument(name + " must have between 1 and " + MAX_PIXELS + " pixels");
        }
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    /** An optional {@code {x, y, width, height}} object. */
    static Region region(Object raw, String name) {
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof Map<?, ?> map)) {
            throw new InvalidArgument(name + " must be an object");
        }
        try {
            return new Region(
                    ToolArguments.number(map.get("x")),
                    ToolArguments.number(map.get("y")),
                    ToolArguments.number(map.get("width")),
                    ToolArguments.number(map.get("height")));
        } catch (RuntimeException e) {
            throw new InvalidArgument(name + " needs integer x, y and positive width and height");
        }
    }
}
