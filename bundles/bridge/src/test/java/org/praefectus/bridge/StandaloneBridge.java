package org.praefectus.bridge;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.praefectus.bridge.adapter.ClaudeCodeAdapter;
import org.praefectus.bridge.adapter.CodexAdapter;
import org.praefectus.bridge.config.BridgeSettings;
import org.praefectus.bridge.config.SettingsLoader;
import org.praefectus.plugins.process.ClosableProcessRunner;
import org.praefectus.plugins.process.ProcessRunners;

/** {@code StandaloneBridge --config FILE}: a bridge in its own JVM, which the crash-recovery test kills. */
public final class StandaloneBridge {

    private StandaloneBridge() {}

    public static void main(String[] args) throws Exception {
        SettingsLoader loader = new SettingsLoader(System.getenv());
        BridgeSettings settings = loader.load(loader.configFile(args));
        ClosableProcessRunner runner = ProcessRunners.open();
        Bridge bridge = new Bridge(
                settings,
                Map.of(CodexAdapter.TYPE, new CodexAdapter(), ClaudeCodeAdapter.TYPE, new ClaudeCodeAdapter()),
                runner,
                System.getenv(),
                Duration.ofSeconds(5));
        JettyHost http = new JettyHost(
                bridge, settings.server().host(), settings.server().port());
        System.out.println("praetor-execd listening on " + settings.server().host() + ":" + http.port());
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
