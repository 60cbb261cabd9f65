package org.praefectus.api.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Runs one Praefectus CLI command. It writes exactly one JSON envelope and a newline to {@code out}:
 * {@code {"ok":true,"data":…}} or {@code {"ok":false,"error":{"code":…,"message":…}}}.
 */
@ProviderType
public interface CommandLine {

    /** Success. */
    int EXIT_OK = 0;
    /** The envelope itself could not be written; the only case that writes to {@code err}. */
    int EXIT_ENVELOPE_UNWRITABLE = 1;
    /** Invalid usage: unknown command or option, wrong number of arguments. */
    int EXIT_USAGE = 2;
    /** A protocol, observation or serialization failure. */
    int EXIT_PROTOCOL = 3;

    /**
     * @param arguments the command and its arguments, as given on the command line
     * @param out       receives the envelope
     * @param err       receives one diagnostic line, and only when the envelope cannot be written
     * @return the exit code: one of the {@code EXIT_} constants
     */
    int run(List<String> arguments, OutputStream out, PrintStream err);
}
