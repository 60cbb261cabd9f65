package org.praefectus.cli.launch;

import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Bundles that only some commands use, started only for those: the launch descriptor names them in
 * {@code praefectus.launch.ondemand.bundles} (symbolic names) and the commands that need them in
 * {@code praefectus.launch.ondemand.commands}. They are installed and resolved for every command, so a
 * command that needs them and is missing from the list fails loudly (its services are absent), never
 * quietly differently. The MCP stack is the reason: its SDK's immediate components build a Jackson mapper
 * and a JSON-schema validator at start, the largest part of activation for a command like
 * {@code capabilities} that never speaks MCP.
 */
record OnDemandBundles(Set<String> bundles, Set<String> commands) {

    static final String BUNDLES = "praefectus.launch.ondemand.bundles";
    static final String COMMANDS = "praefectus.launch.ondemand.commands";

    static OnDemandBundles from(Properties launch) {
        return new OnDemandBundles(words(launch.getProperty(BUNDLES, "")), words(launch.getProperty(COMMANDS, "")));
    }

    /** Whether the bundle {@code symbolicName} starts when {@code command} runs. */
    boolean starts(String symbolicName, String command) {
        return !bundles.contains(symbolicName) || commands.contains(command);
    }

    private static Set<String> words(String list) {
        return Stream.of(list.split(","))
                .map(String::trim)
                .filter(word -> !word.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }
}
