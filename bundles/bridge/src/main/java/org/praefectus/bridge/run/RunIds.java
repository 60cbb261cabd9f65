package org.praefectus.bridge.run;

import java.util.HexFormat;
import java.util.Random;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Run ids as Praetor stores them: {@code run_} and 12 lower-case hex digits (the reference bridge's
 * {@code uuid4().hex[:12]}). Praetor's own store accepts only ids matching {@link #PRAETOR_ID}
 * ({@code apps/api/praetor_api/_filesystem_store.py}), so a longer id fails every mission it records. 48
 * random bits can collide, so each new id is checked against the runs that exist.
 */
public final class RunIds {

    /** Praetor's pattern for every id it stores. */
    public static final Pattern PRAETOR_ID = Pattern.compile("^[a-z][a-z0-9_]*_[a-f0-9]{12}$");

    private static final int HEX_BYTES = 6;

    private final Random random;

    /** @param random the source of the 48 random bits (a {@link java.security.SecureRandom} in the bridge) */
    public RunIds(Random random) {
        this.random = random;
    }

    /** A fresh id that {@code taken} does not know. */
    public String next(Predicate<String> taken) {
        byte[] bytes = new byte[HEX_BYTES];
        while (true) {
            random.nextBytes(bytes);
            String id = "run_" + HexFormat.of().formatHex(bytes);
            if (!taken.test(id)) {
                return id;
            }
        }
    }
}
