package org.praefectus.tests.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The Configurator JSON of the two kinds of host, as a deployment writes it: a desktop host exports its
 * executor on a fixed port; an engine host names that endpoint (Aries RSA's config discovery), its
 * shared ledger and its pinned host key.
 */
final class Deployments {

    private Deployments() {}

    static Path desktop(Path directory, String desktopId, int port, Path log, Path hold) throws IOException {
        return desktop(directory, desktopId, "127.0.0.1", port, log, hold);
    }

    static Path desktop(Path directory, String desktopId, String address, int port, Path log, Path hold)
            throws IOException {
        String json =
                """
                {
                  ":configurator:resource-version": 1,
                  ":configurator:symbolic-name": "praefectus.test.desktop",
                  ":configurator:version": "1.0.0",
                  "org.praefectus.tests.remote.probe": {
                    "log": %s,
                    "hold": %s
                  },
                  "org.praefectus.remote.export~probe": {
                    "executor.target": "(praefectus.executor.backend=probe)",
                    "praefectus.executor.backend": "probe",
                    "praefectus.desktop.id": %s,
                    "praefectus.tcp.port:Integer": %d,
                    "praefectus.tcp.address": %s
                  }
                }
                """.formatted(quote(log.toString()), quote(hold.toString()), quote(desktopId), port, quote(address));
        return write(directory.resolve(desktopId + ".json"), json);
    }

    /** The Configurator JSON of engine host {@code run}: the probe of its desktop imported over the link. */
    static Path runEngine(EngineRun run) throws IOException {
        String endpoint =
                """
                  "org.apache.aries.rsa.discovery.config~%s": {
                    "endpoint.id": "tcp://%s:%d",
                    "objectClass:String[]": ["org.praefectus.remote.api.RemoteExecutor"],
                    "service.imported.configs": "praefectus.tcp",
                    "osgi.basic.timeout:Integer": %d,
                    "praefectus.executor.backend": "probe",
                    "praefectus.desktop.id": %s
                  },
                """.formatted(run.desktopId(), run.address(), run.port(), run.timeoutMs(), quote(run.desktopId()));
        return engine(
                run.directory(),
                run.hostId(),
                run.ledgerUrl(),
                run.keyEntry(),
                endpoint,
                run.requests(),
                run.results(),
                run.start(),
                run.pauseMs());
    }

    /** An engine host whose probe executor runs in its own framework (the benchmark's baseline). */
    static Path engineWithLocalProbe(
            Path directory,
            String hostId,
            String ledgerUrl,
            String keyEntry,
            Path log,
            Path requests,
            Path results,
            Path start)
            throws IOException {
        String probe = """
                  "org.praefectus.tests.remote.probe": {
                    "log": %s,
                    "hold": %s
                  },
                """.formatted(
                quote(log.toString()), quote(directory.resolve("no-hold").toString()));
        return engine(directory, hostId, ledgerUrl, keyEntry, probe, requests, results, start, 0);
    }

    private static Path engine(
            Path directory,
            String hostId,
            String ledgerUrl,
            String keyEntry,
            String executor,
            Path requests,
            Path results,
            Path start,
            long pauseMs)
            throws IOException {
        String driver =
                """
                  "org.praefectus.tests.remote.driver": {
                    "requests": %s,
                    "results": %s,
                    "start": %s,
                    "pause.ms:Long": %d
                  }
                """.formatted(quote(requests.toString()), quote(results.toString()), quote(start.toString()), pauseMs);
        return engineHost(directory, hostId, ledgerUrl, keyEntry, executor.strip() + "\n" + driver.strip());
    }

    /**
     * An engine host that imports desktop {@code desktopId}'s Linux executor from {@code address:port} and
     * drives the zenity window titled {@code title}: first signs and presents a set_value, or ({@code present})
     * presents the request another host signed. {@code keyEntry} may be empty (the driver pins its own key).
     */
    static Path zenityEngine(
            Path directory,
            String hostId,
            String ledgerUrl,
            String keyEntry,
            String desktopId,
            String address,
            int port,
            String title,
            String value,
            Path request,
            Path key,
            Path results,
            boolean present)
            throws IOException {
        String sections = """
                  "org.apache.aries.rsa.discovery.config~%s": {
                    "endpoint.id": "tcp://%s:%d",
                    "objectClass:String[]": ["org.praefectus.remote.api.RemoteExecutor"],
                    "service.imported.configs": "praefectus.tcp",
                    "osgi.basic.timeout:Integer": 60000,
                    "praefectus.executor.backend": "linux-atspi",
                    "praefectus.desktop.id": %s
                  },
                  "org.praefectus.tests.remote.zenity": {
                    "title": %s,
                    "value": %s,
                    "request": %s,
                    "key": %s,
                    "results": %s,
                    "present:Boolean": %s
                  }
                """.formatted(
                        desktopId,
                        address,
                        port,
                        quote(desktopId),
                        quote(title),
                        quote(value),
                        quote(request.toString()),
                        quote(key.toString()),
                        quote(results.toString()),
                        present);
        return engineHost(directory, hostId, ledgerUrl, keyEntry, sections.strip());
    }

    /** A Linux desktop host: the platform bundle's executor exported on {@code port} (run/desktop.jar). */
    static Path linuxDesktop(Path directory, String desktopId, String address, int port) throws IOException {
        String json = """
                {
                  ":configurator:resource-version": 1,
                  ":configurator:symbolic-name": "praefectus.test.linux-desktop",
                  ":configurator:version": "1.0.0",
                  "org.praefectus.linux.executor": {
                    "session.isolation": "shared_desktop"
                  },
                  "org.praefectus.remote.export~linux": {
                    "executor.target": "(praefectus.executor.backend=linux-atspi)",
                    "praefectus.executor.backend": "linux-atspi",
                    "praefectus.desktop.id": %s,
                    "praefectus.tcp.port:Integer": %d,
                    "praefectus.tcp.address": %s
                  }
                }
                """.formatted(quote(desktopId), port, quote(address));
        return write(directory.resolve(desktopId + ".json"), json);
    }

    /**
     * The observe benchmark's local side (observe-host.jar): this machine's Linux executor and the observe
     * driver, which times {@code observations} observations of the window titled {@code title}.
     */
    static Path localObserver(Path directory, String hostId, String title, int observations, Path results)
            throws IOException {
        String json = """
                {
                  ":configurator:resource-version": 1,
                  ":configurator:symbolic-name": "praefectus.test.observer",
                  ":configurator:version": "1.0.0",
                  "org.praefectus.linux.executor": {
                    "session.isolation": "shared_desktop"
                  },
                %s
                }
                """.formatted(observer(title, observations, results));
        return write(directory.resolve(hostId + ".json"), json);
    }

    /** The observe benchmark's remote side: an engine host importing desktop {@code desktopId}'s Linux executor. */
    static Path remoteObserver(
            Path directory,
            String hostId,
            String ledgerUrl,
            String desktopId,
            String address,
            int port,
            String title,
            int observations,
            Path results)
            throws IOException {
        String sections =
                """
                  "org.apache.aries.rsa.discovery.config~%s": {
                    "endpoint.id": "tcp://%s:%d",
                    "objectClass:String[]": ["org.praefectus.remote.api.RemoteExecutor"],
                    "service.imported.configs": "praefectus.tcp",
                    "osgi.basic.timeout:Integer": 30000,
                    "praefectus.executor.backend": "linux-atspi",
                    "praefectus.desktop.id": %s
                  },
                %s
                """.formatted(desktopId, address, port, quote(desktopId), observer(title, observations, results));
        return engineHost(directory, hostId, ledgerUrl, "", sections.strip());
    }

    private static String observer(String title, int observations, Path results) {
        return """
                  "org.praefectus.tests.remote.observe": {
                    "executor.target": "(praefectus.executor.backend=linux-atspi)",
                    "title": %s,
                    "observations:Integer": %d,
                    "results": %s
                  }
                """.formatted(quote(title), observations, quote(results.toString()))
                .strip();
    }

    private static Path engineHost(Path directory, String hostId, String ledgerUrl, String keyEntry, String sections)
            throws IOException {
        Path state = Files.createDirectories(directory.resolve(hostId + "-state"));
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwx------"));
        String json = """
                {
                  ":configurator:resource-version": 1,
                  ":configurator:symbolic-name": "praefectus.test.engine",
                  ":configurator:version": "1.0.0",
                  "org.praefectus.engine": {
                    "ledger.path": %s
                  },
                  "org.praefectus.engine.authority": {
                    "keys:String[]": [%s]
                  },
                  "org.praefectus.ledger.jdbc": {
                    "url": %s,
                    "host.id": %s,
                    "pool.size:Integer": 2,
                    "connect.timeout.ms:Long": 1000,
                    "socket.timeout.s:Integer": 5,
                    "retry.interval.ms:Long": 200
                  },
                %s
                }
                """.formatted(
                        quote(state.resolve("operations.jsonl").toString()),
                        keyEntry.isEmpty() ? "" : quote(keyEntry),
                        quote(ledgerUrl),
                        quote(hostId),
                        sections);
        return write(directory.resolve(hostId + ".json"), json);
    }

    private static Path write(Path file, String json) throws IOException {
        Files.writeString(file, json, StandardCharsets.UTF_8);
        return file;
    }

    private static String quote(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
