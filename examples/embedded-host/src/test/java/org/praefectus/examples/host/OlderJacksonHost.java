package org.praefectus.examples.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.osgi.framework.BundleException;
import org.praefectus.embed.EmbeddedPraefectus;

/**
 * The child JVM of {@link HostSharedVersionsTest}: a host whose class path has its own Jackson annotations, older than
 * the bundle set's. Prints what starting Praefectus said.
 */
public final class OlderJacksonHost {

    private OlderJacksonHost() {}

    public static void main(String[] arguments) throws Exception {
        try (EmbeddedPraefectus praefectus = EmbeddedPraefectus.start(
                Path.of(arguments[0]), Files.createTempDirectory("praefectus-host"), Map.of())) {
            System.out.println("started");
        } catch (BundleException refused) {
            System.out.println("refused: " + refused.getMessage());
        }
    }
}
