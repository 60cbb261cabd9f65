package org.praefectus.examples.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.embed.EmbeddedPraefectus;

/**
 * A host that embeds Praefectus: it starts the runtime in its own JVM, asks the platform service what
 * this machine allows, and shuts the runtime down.
 *
 * <pre>java -cp … org.praefectus.examples.host.ExampleHost run/target/export/praefectus</pre>
 */
public final class ExampleHost {

    private ExampleHost() {}

    public static void main(String[] arguments) throws Exception {
        if (arguments.length != 1) {
            System.err.println("usage: ExampleHost BUNDLE_SET_FOLDER");
            System.exit(2);
        }
        Capabilities capabilities = capabilities(Path.of(arguments[0]));
        System.out.println(capabilities.platform() + " " + capabilities.permissions());
    }

    /** Starts Praefectus, reads the platform capabilities through the service, and stops it again. */
    static Capabilities capabilities(Path bundleSet) throws Exception {
        Path storage = Files.createTempDirectory("praefectus-host");
        try (EmbeddedPraefectus praefectus = EmbeddedPraefectus.start(bundleSet, storage, Map.of())) {
            Platform platform = praefectus.service(Platform.class, Duration.ofSeconds(30));
            return platform.capabilities();
        }
    }
}
