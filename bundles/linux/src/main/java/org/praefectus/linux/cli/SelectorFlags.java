package org.praefectus.linux.cli;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.ElementQuery;
import org.praefectus.api.desktop.ElementScope;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;

/**
 * The selector options every desktop command shares: {@code --selector} and its split flags
 * ({@code --role}, {@code --state}, {@code --contains}, …, each a selector key of the same name), and the
 * scope ({@code --app}, {@code --window-title}, {@code --window-id}).
 */
final class SelectorFlags {

    /** Split flags; each is the selector key of the same name. */
    static final List<String> KEYS = List.of(
            "id",
            "id-exact",
            "role",
            "role-exact",
            "role-regex",
            "label",
            "label-exact",
            "label-regex",
            "text",
            "text-exact",
            "text-regex",
            "state",
            "not-state",
            "bounds",
            "contains",
            "within",
            "intersects",
            "min-width",
            "min-height",
            "min-confidence");

    static final List<String> SCOPE = List.of("app", "window-title", "window-id");

    private SelectorFlags() {}

    /** The valued options: {@code --selector}, the split flags and the scope. */
    static Set<String> options() {
        Set<String> options = new HashSet<>(KEYS);
        options.addAll(SCOPE);
        options.add("selector");
        return options;
    }

    /** The selector the flags describe; {@code null} when none was given. */
    static Selector selector(Options flags) throws CliCommandException {
        return selector(flags, Set.of());
    }

    /**
     * The selector the flags describe, leaving out split flags that mean something else to the command
     * (the input verbs' {@code --bounds clamp} and {@code type --text}).
     */
    static Selector selector(Options flags, Set<String> excluded) throws CliCommandException {
        List<String> keys = KEYS.stream().filter(key -> !excluded.contains(key)).toList();
        boolean given = flags.has("selector") || keys.stream().anyMatch(flags::has);
        if (!given) {
            return null;
        }
        try {
            Selector selector = Selector.parse(flags.value("selector"));
            for (String key : keys) {
                if (flags.has(key)) {
                    selector.put(key, flags.value(key));
                }
            }
            return selector;
        } catch (SelectorException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
    }

    /**
     * The element query of a command that needs a selector ({@code wait-for}, {@code read-text}): the selector and
     * scope flags, no positional words, no vision fallback.
     */
    static ElementQuery requiredQuery(String command, Options flags) throws CliCommandException {
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage(command + " takes no positional arguments (use --selector)");
        }
        Selector selector = selector(flags);
        if (selector == null) {
            throw CliCommandException.usage(command + " needs --selector (or a split selector flag)");
        }
        return new ElementQuery(selector, scope(flags), 0, false, null, null);
    }

    static ElementScope scope(Options flags) {
        return new ElementScope(flags.value("app"), flags.value("window-title"), flags.value("window-id"));
    }
}
