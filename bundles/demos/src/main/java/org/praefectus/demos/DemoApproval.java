package org.praefectus.demos;

import java.util.List;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;

/**
 * The switch every demo command requires, {@code --approved-demo} (the demo signs with an ephemeral key and
 * acts on a real window or browser): read with the one options parser, so an unknown option, a repeated
 * approval or a value given to it is refused by name before anything starts.
 */
public final class DemoApproval {

    /** The approval switch, without its dashes. */
    public static final String SWITCH = "approved-demo";

    private DemoApproval() {}

    /**
     * @param missing the refusal when the approval is absent: what the demo does and how to approve it
     * @return the parsed options, with the approval given
     */
    public static Options parse(String command, List<String> arguments, String missing) throws CliCommandException {
        Options options = Options.parse(command, arguments, Set.of(), Set.of(SWITCH));
        if (!options.has(SWITCH)) {
            throw CliCommandException.usage(missing);
        }
        return options;
    }

    /** As {@link #parse}, for a demo that takes no positional word. */
    public static void require(String command, List<String> arguments, String missing) throws CliCommandException {
        if (!parse(command, arguments, missing).positional().isEmpty()) {
            throw CliCommandException.usage(command + " takes no arguments besides --" + SWITCH);
        }
    }
}
