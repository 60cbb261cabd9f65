package org.praefectus.api.protocol;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The reference's screenshot path rule: absolute, a file name with the extension {@code png} (Rust's
 * {@code Path::extension}: a name that only starts with a dot has none), in a directory that exists. The
 * directory check reads the file system, as the reference's does, so a path that cannot be written is
 * refused before anything is claimed.
 */
final class ScreenshotPath {

    private ScreenshotPath() {}

    static boolean isValid(String path) {
        Path file;
        try {
            file = Path.of(path);
        } catch (InvalidPathException e) {
            return false;
        }
        Path name = file.getFileName();
        Path parent = file.getParent();
        if (!file.isAbsolute() || name == null || parent == null) {
            return false;
        }
        String text = name.toString();
        int dot = text.lastIndexOf('.');
        return !text.equals("..") && dot > 0 && text.substring(dot + 1).equals("png") && Files.isDirectory(parent);
    }
}
