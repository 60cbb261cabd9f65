package org.praefectus.linux.apps;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A {@code .desktop} file's {@code Exec} key as the argument vector it stands for, by the Desktop Entry
 * Specification's rules, never through a shell: arguments split at spaces, double-quoted arguments with {@code \"},
 * {@code \`}, {@code \$} and {@code \\} escaped, reserved characters only inside quotes, and the field codes expanded
 * for a launch with no files ({@code %f %F %u %U} and the deprecated codes dropped, {@code %i} the icon,
 * {@code %c} the name, {@code %k} the file, {@code %%} a percent sign). Anything else is an invalid line.
 */
public final class ExecLine {

    /** Characters the spec reserves: an argument holding one must be quoted. */
    private static final String RESERVED = "\t\n\"'\\><~|&;$*?#()`";
    /** Field codes that stand for files or URLs, or are deprecated: nothing, when launching without files. */
    private static final Set<Character> DROPPED = Set.of('f', 'F', 'u', 'U', 'd', 'D', 'n', 'N', 'v', 'm');

    private ExecLine() {}

    /** The argument vector of {@code entry}'s {@code Exec} key. */
    public static List<String> argv(DesktopEntry entry) throws DesktopEntry.InvalidEntry {
        String exec = entry.keys().get("Exec");
        if (exec == null || exec.isBlank()) {
            throw new DesktopEntry.InvalidEntry(entry.id() + " has no Exec key");
        }
        List<String> argv = new ArrayList<>();
        for (Word word : words(exec, entry.id())) {
            if (word.quoted()) {
                argv.add(word.text());
            } else {
                argv.addAll(expand(word.text(), entry));
            }
        }
        if (argv.isEmpty() || argv.get(0).isEmpty()) {
            throw new DesktopEntry.InvalidEntry(entry.id() + " has an empty Exec key");
        }
        return argv;
    }

    private record Word(String text, boolean quoted) {}

    /** The words of the line: quoting undone, reserved characters refused outside quotes. */
    static List<Word> words(String line, String id) throws DesktopEntry.InvalidEntry {
        List<Word> words = new ArrayList<>();
        int i = 0;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == ' ') {
                i++;
                continue;
            }
            StringBuilder word = new StringBuilder();
            if (c == '"') {
                i++;
                while (true) {
                    if (i >= line.length()) {
                        throw new DesktopEntry.InvalidEntry(id + ": Exec has an unclosed quote");
                    }
                    char q = line.charAt(i);
                    if (q == '"') {
                        i++;
                        break;
                    }
                    if (q == '\\') {
                        if (i + 1 >= line.length() || "\"`$\\".indexOf(line.charAt(i + 1)) < 0) {
                            throw new DesktopEntry.InvalidEntry(id + ": Exec has an invalid escape");
                        }
                        q = line.charAt(++i);
                    }
                    word.append(q);
                    i++;
                }
                if (i < line.length() && line.charAt(i) != ' ') {
                    throw new DesktopEntry.InvalidEntry(id + ": Exec has text after a closing quote");
                }
                words.add(new Word(word.toString(), true));
                continue;
            }
            while (i < line.length() && line.charAt(i) != ' ') {
                char w = line.charAt(i);
                if (RESERVED.indexOf(w) >= 0) {
                    throw new DesktopEntry.InvalidEntry(id + ": Exec has a reserved character outside quotes");
                }
                word.append(w);
                i++;
            }
            words.add(new Word(word.toString(), false));
        }
        return words;
    }

    /** An unquoted word with its field codes expanded: no argument, one, or two ({@code %i}). */
    private static List<String> expand(String word, DesktopEntry entry) throws DesktopEntry.InvalidEntry {
        if (word.equals("%i")) {
            String icon = entry.keys().get("Icon");
            return icon == null || icon.isEmpty() ? List.of() : List.of("--icon", icon);
        }
        if (word.length() == 2 && word.charAt(0) == '%' && DROPPED.contains(word.charAt(1))) {
            return List.of();
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            if (++i == word.length()) {
                throw new DesktopEntry.InvalidEntry(entry.id() + ": Exec ends in a lone %");
            }
            char code = word.charAt(i);
            switch (code) {
                case '%' -> out.append('%');
                case 'c' -> out.append(entry.keys().getOrDefault("Name", ""));
                case 'k' -> out.append(entry.file().toString());
                default -> {
                    if (!DROPPED.contains(code)) {
                        throw new DesktopEntry.InvalidEntry(entry.id() + ": Exec has an unknown field code");
                    }
                }
            }
        }
        return List.of(out.toString());
    }
}
