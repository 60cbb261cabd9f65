package org.praefectus.plugins.manifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.praefectus.api.text.CallerText;

/**
 * Checks that an entrypoint runs files of its own plugin directory. The program is either a bare name
 * looked up on {@code PATH} (an interpreter: {@code python3}) or a relative path inside the directory.
 * Later parts that look like files (they contain a slash or end in an extension such as {@code .py}, and
 * are not options) are scripts: they must exist inside the directory too. Absolute paths, {@code ..}
 * escapes and symbolic links leading out of the directory are refused.
 */
final class EntrypointFiles {

    private static final Pattern FILE_LIKE = Pattern.compile("[^-=][^=]*\\.[A-Za-z][A-Za-z0-9]{0,7}");

    private EntrypointFiles() {}

    static List<Path> check(PluginManifest manifest, Path root) throws ManifestException {
        if (manifest.entrypoint().isEmpty()) {
            return List.of();
        }
        List<String> command = manifest.entrypoint().get().command();
        Path realRoot;
        try {
            realRoot = root.toRealPath();
        } catch (IOException unreadable) {
            throw new ManifestException("plugin directory " + root + " is not readable");
        }
        List<Path> files = new ArrayList<>();
        for (int index = 0; index < command.size(); index++) {
            String part = command.get(index);
            boolean program = index == 0;
            boolean pathLike = part.indexOf('/') >= 0
                    || (!program && FILE_LIKE.matcher(part).matches());
            if (!pathLike) {
                continue;
            }
            files.add(inside(manifest.id(), realRoot, part, program));
        }
        return files;
    }

    private static Path inside(String id, Path realRoot, String part, boolean program) throws ManifestException {
        String what = program ? "entrypoint program" : "entrypoint file";
        Path relative = Path.of(part);
        if (relative.isAbsolute()) {
            throw new ManifestException("plugin " + id + ": " + what + " \"" + CallerText.shown(part)
                    + "\" must be a relative path inside the plugin directory");
        }
        Path resolved = realRoot.resolve(relative).normalize();
        if (!resolved.startsWith(realRoot)) {
            throw new ManifestException(
                    "plugin " + id + ": " + what + " \"" + CallerText.shown(part) + "\" escapes the plugin directory");
        }
        if (!Files.isRegularFile(resolved)) {
            throw new ManifestException("plugin " + id + ": missing " + what + " \"" + CallerText.shown(part) + "\"");
        }
        try {
            if (!resolved.toRealPath().startsWith(realRoot)) {
                throw new ManifestException("plugin " + id + ": " + what + " \"" + CallerText.shown(part)
                        + "\" links outside the plugin directory");
            }
        } catch (IOException unreadable) {
            throw new ManifestException(
                    "plugin " + id + ": " + what + " \"" + CallerText.shown(part) + "\" is not readable");
        }
        if (program && !Files.isExecutable(resolved)) {
            throw new ManifestException(
                    "plugin " + id + ": entrypoint program \"" + CallerText.shown(part) + "\" is not executable");
        }
        return realRoot.relativize(resolved);
    }
}
