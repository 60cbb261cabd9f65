package org.praefectus.bridge;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.praefectus.bridge.adapter.ClaudeCodeAdapter;
import org.praefectus.bridge.adapter.CodexAdapter;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.config.InvalidConfigException;
import org.praefectus.bridge.config.SettingsLoader;
import org.praefectus.plugins.process.ClosableProcessRunner;
import org.praefectus.plugins.process.ProcessRunners;

/**
 * The bridge without a framework: {@code BridgeMain --config FILE} (or {@code PRAETOR_EXECD_CONFIG}).
 * Exit code 2 with a precise message when the configuration is invalid. Used by hosts that embed the
 * bundle as a library and by the crash-recovery test, which kills this JVM mid-run.
 */
public final class BridgeMain {

    private BridgeMain() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        Path file;
        try {
            file = configFile(args, new SettingsLoader(env));
        } catch (InvalidConfigException e) {
            System.err.println("praetor-execd: " + e.getMessage());
            System.exit(2);
            return;
        }
        BridgeSettings settings;
        try {
            settings = new SettingsLoader(env).load(file);
        } catch (InvalidConfigException e) {
            System.err.println("praetor-execd: invalid configuration: " + e.getMessage());
            System.exit(2);
            return;
        }
        ClosableProcessRunner runner = ProcessRunners.open();
        Bridge bridge = new Bridge(settings, Map.of(CodexAdapter.TYPE, new CodexAdapter(), ClaudeCodeAdapter.TYPE,
                new ClaudeCodeAdapter()), runner, env, Duration.ofSeconds(5));
        System.out.println("praetor-execd listening on " + settings.server().host() + ":" + bridge.port());
        System.out.flush();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            bridge.close();
            runner.close();
            stop.countDown();
        }));
        stop.await();
    }

    /** {@code --config FILE}, else {@code PRAETOR_EXECD_CONFIG}. */
    public static Path configFile(String[] args, SettingsLoader loader) throws InvalidConfigException {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--config")) {
                if (i + 1 >= args.length) {
                    throw new InvalidConfigException("--config needs a file");
                }
                return Path.of(args[i + 1]);
            }
            if (args[i].startsWith("--config=")) {
                return Path.of(args[i].substring("--config=".length()));
            }
        }
        Path fromEnv = loader.configFileFromEnvironment();
        if (fromEnv == null) {
            throw new InvalidConfigException("no configuration: pass --config FILE or set "
                    + SettingsLoader.ENV_CONFIG);
        }
        return fromEnv;
    }
}
