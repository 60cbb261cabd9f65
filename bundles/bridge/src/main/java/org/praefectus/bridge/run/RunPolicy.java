package org.praefectus.bridge.run;

import java.util.Locale;
import java.util.Map;
import org.praefectus.bridge.config.InvalidConfigException;

/**
 * What the bridge lets a run do beyond its request, from configuration (property or environment variable).
 *
 * @param passApiKeys       whether the CLIs get the host's API keys (default false: a key can switch a
 *                          subscription login to API billing; Praetor's reference bridge passes none)
 * @param destructiveWrites which files {@code allow_destructive_write: false} protects (default
 *                          {@link DestructiveWrites#MISSION})
 */
public record RunPolicy(boolean passApiKeys, DestructiveWrites destructiveWrites) {

    /** {@code true} passes the host's API keys to the CLIs. */
    public static final String ENV_PASS_API_KEYS = "PRAETOR_EXECD_PASS_API_KEYS";
    /** {@code mission}, {@code run} or {@code off}. */
    public static final String ENV_DESTRUCTIVE_WRITES = "PRAETOR_EXECD_DESTRUCTIVE_WRITES";

    public static final RunPolicy DEFAULTS = new RunPolicy(false, DestructiveWrites.MISSION);

    /**
     * The files that {@code allow_destructive_write: false} protects from deletion and from being replaced
     * whole (Claude's {@code Write}, Codex's {@code add} of a file that exists) when the task does not name
     * them. One rule for every adapter.
     */
    public enum DestructiveWrites {
        /**
         * Files that existed in the workdir before the mission's first run there: a mission run again
         * (Praetor reuses {@code Projects/<slug>}) may rewrite what its earlier runs wrote.
         */
        MISSION,
        /** Files that existed before this run (a re-run of a mission may not rewrite its own output). */
        RUN,
        /** None: nothing is paused for a destructive write (Praetor's reference bridge). */
        OFF;

        public String wire() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The policy the environment map sets (configuration properties are put there under these names). */
    public static RunPolicy from(Map<String, String> environment) throws InvalidConfigException {
        String keys =
                environment.getOrDefault(ENV_PASS_API_KEYS, "false").trim().toLowerCase(Locale.ROOT);
        if (!keys.equals("true") && !keys.equals("false")) {
            throw new InvalidConfigException(ENV_PASS_API_KEYS + ": must be true or false");
        }
        String rule =
                environment.getOrDefault(ENV_DESTRUCTIVE_WRITES, "").trim().toLowerCase(Locale.ROOT);
        DestructiveWrites writes;
        switch (rule) {
            case "", "mission" -> writes = DestructiveWrites.MISSION;
            case "run" -> writes = DestructiveWrites.RUN;
            case "off" -> writes = DestructiveWrites.OFF;
            default -> throw new InvalidConfigException(ENV_DESTRUCTIVE_WRITES + ": must be mission, run or off");
        }
        return new RunPolicy(keys.equals("true"), writes);
    }
}
