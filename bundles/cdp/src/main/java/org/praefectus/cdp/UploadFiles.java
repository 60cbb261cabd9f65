package org.praefectus.cdp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.praefectus.api.executor.DispatchException;

/**
 * The files a {@code set_value} on a file input names: one file name per line, each a regular file directly in the
 * host's upload folder ({@link CdpConfig#withUploadDirectory}), never a folder, a path, a link out of it or anything
 * a model could point elsewhere. Every refusal is "no effect".
 */
final class UploadFiles {

    /** Most files one upload takes. */
    static final int MAX_FILES = 16;

    private UploadFiles() {}

    static List<String> resolve(Optional<Path> folder, String value) throws DispatchException {
        if (folder.isEmpty()) {
            throw DispatchException.unsupported("browser uploads need a host upload folder");
        }
        String[] names = value.split("\n", -1);
        if (names.length > MAX_FILES) {
            throw DispatchException.noEffect("browser upload names too many files");
        }
        List<String> paths = new ArrayList<>(names.length);
        for (String name : names) {
            if (name.isEmpty()
                    || name.equals(".")
                    || name.equals("..")
                    || name.length() > 255
                    || name.chars().anyMatch(c -> c == '/' || c == '\\' || Character.isISOControl(c))) {
                throw DispatchException.noEffect("browser upload names a file outside the upload folder");
            }
            Path file = folder.get().resolve(name);
            try {
                Path real = file.toRealPath();
                if (!real.getParent().equals(folder.get()) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
                    throw DispatchException.noEffect("browser upload names a file outside the upload folder");
                }
                paths.add(real.toString());
            } catch (IOException | SecurityException missing) {
                throw DispatchException.noEffect("browser upload names a file that does not exist");
            }
        }
        if (new HashSet<>(paths).size() != paths.size()) {
            throw DispatchException.noEffect("browser upload names a file twice");
        }
        return paths;
    }
}
