package org.praefectus.embed;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Manifest;
import org.osgi.framework.BundleException;
import org.osgi.framework.Version;

/**
 * Checks, before the framework starts, that the host's class path has the versions of the shared bundles ({@link
 * EmbeddedPraefectus#SHARED}) the bundle set was resolved with. The system bundle exports the host's classes under
 * the versions the bundle set declares, so an older host copy would only fail later, inside a bundle, with a {@code
 * NoClassDefFoundError} on stderr (a host with Jackson 2.17 met exactly that in the plugin extender). A host copy
 * is accepted when it has the same major version and is at least the bundle set's version.
 */
final class SharedVersions {

    /** A class of each shared bundle, to find the host's jar of it. */
    private static final Map<String, String> PROBES = Map.of(
            "org.praefectus.api", "org/praefectus/api/host/PinnedIssuer.class",
            "com.fasterxml.jackson.core.jackson-annotations", "com/fasterxml/jackson/annotation/JsonProperty.class");

    /** Maven coordinates, for the message. */
    private static final Map<String, String> ARTIFACTS = Map.of(
            "org.praefectus.api", "org.praefectus:api",
            "com.fasterxml.jackson.core.jackson-annotations", "com.fasterxml.jackson.core:jackson-annotations");

    private SharedVersions() {}

    /** @throws BundleException naming every shared bundle the host lacks or has in an incompatible version */
    static void check(BundleSet set, ClassLoader host) throws BundleException {
        List<String> problems = new ArrayList<>();
        for (BundleSet.Entry entry : set.bundles()) {
            String probe = PROBES.get(entry.symbolicName());
            if (probe == null || entry.version() == null) {
                continue;
            }
            Version needed = Version.parseVersion(entry.version());
            String artifact = ARTIFACTS.get(entry.symbolicName());
            URL found = host.getResource(probe);
            if (found == null) {
                problems.add(artifact + " is not on the host's class path (the bundle set needs " + needed + ")");
                continue;
            }
            Version had = versionOf(found);
            if (had != null && (had.getMajor() != needed.getMajor() || had.compareTo(needed) < 0)) {
                problems.add(artifact + " " + had + " is on the host's class path, but the bundle set needs " + needed
                        + " or a later " + needed.getMajor() + ".x");
            }
        }
        if (!problems.isEmpty()) {
            throw new BundleException("the host's class path does not match the Praefectus bundle set: "
                    + String.join("; ", problems) + " (embed/README.md lists the versions)");
        }
    }

    /** The Bundle-Version of the jar the resource is in; null from a classes folder (a build, an IDE). */
    private static Version versionOf(URL resource) {
        if (!"jar".equals(resource.getProtocol())) {
            return null;
        }
        try {
            JarURLConnection connection = (JarURLConnection) resource.openConnection();
            connection.setUseCaches(false);
            Manifest manifest = connection.getManifest();
            String version =
                    manifest == null ? null : manifest.getMainAttributes().getValue("Bundle-Version");
            return version == null ? null : Version.parseVersion(version.strip());
        } catch (IOException | IllegalArgumentException unreadable) {
            return null;
        }
    }
}
