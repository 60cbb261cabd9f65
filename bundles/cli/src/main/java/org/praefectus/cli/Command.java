package org.praefectus.cli;

import java.util.List;

/** One CLI command. */
interface Command {

    /** The word that selects this command. */
    String name();

    /** One line for {@code help}. */
    String summary();

    /**
     * @param positional the arguments after the command name; options were rejected before this is called
     * @return the value serialized as the envelope's {@code data}
     */
    Object run(List<String> positional) throws CliError;
}
