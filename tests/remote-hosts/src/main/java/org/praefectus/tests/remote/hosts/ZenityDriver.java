package org.praefectus.tests.remote.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.PinnedIssuer;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * An engine host's driver for a real desktop across the link: it observes through the engine (so through
 * the imported Linux executor) the zenity window with the configured title, signs a {@code set_value} of its
 * one editable field with a fresh host key (pinned as a {@link PinnedIssuer} service) and a target-value-hash
 * verification, executes it and presents it once more. A host configured with {@code present=true} only
 * presents the request the first host wrote.
 */
@Component(configurationPid = ZenityConfig.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true)
public final class ZenityDriver {

    private static final long FAR_FUTURE = 4_000_000_000_000L;

    private final Thread thread;
    private volatile ServiceRegistration<PinnedIssuer> pin;
    private volatile boolean running = true;

    @Activate
    public ZenityDriver(
            ZenityConfig config, BundleContext context, @Reference Engine engine, @Reference Executor executor) {
        this.thread = new Thread(() -> drive(config, context, engine), "praefectus-test-zenity");
        thread.setDaemon(true);
        thread.start();
    }

    private void drive(ZenityConfig config, BundleContext context, Engine engine) {
        List<String> lines = new ArrayList<>();
        try {
            if (config.present()) {
                byte[] request = Files.readAllBytes(Path.of(config.request()));
                lines.add(line("AGAIN", engine.execute(request, new CancellationToken())));
            } else {
                HostSigner signer = new HostSigner(HostKey.generate(), "zenity-host", "key-1", "gen-1");
                pin = context.registerService(PinnedIssuer.class, signer.pinnedIssuer(), null);
                Files.writeString(Path.of(config.key()), signer.pinnedIssuer().entry(), StandardCharsets.UTF_8);
                ActionRequest request = signer.sign(draft(config, engine), FAR_FUTURE);
                Files.write(Path.of(config.request()), ProtocolJson.toJson(ProtocolJson.encode(request)));
                lines.add(line("FIRST", engine.execute(request, new CancellationToken())));
                lines.add(line("AGAIN", engine.execute(request, new CancellationToken())));
            }
        } catch (Exception e) {
            lines.add("ERROR " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        lines.add("DONE");
        try {
            Files.write(Path.of(config.results()), lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("results are unwritable", e);
        }
    }

    /** The window's one editable field, observed through the engine, as a fenced set_value draft. */
    private RequestDraft draft(ZenityConfig config, Engine engine) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (running && System.currentTimeMillis() < deadline) {
            try {
                for (SurfaceDescriptor surface : engine.listSurfaces(new CancellationToken(), deadline)) {
                    SemanticObservation observation =
                            engine.observeSurface(surface.surface(), new CancellationToken(), deadline);
                    if (!config.title().equals(observation.elements().get(0).name())) {
                        continue;
                    }
                    List<SemanticElement> fields = observation.elements().stream()
                            .filter(element -> element.actionability().editable())
                            .toList();
                    if (fields.size() == 1) {
                        return new RequestDraft(
                                "zenity-" + Long.toHexString(System.nanoTime()),
                                "subject-1",
                                "session-1",
                                new Action.SetValue(config.value()),
                                new TargetRef.Element(
                                        observation.target(fields.get(0).tag())),
                                InteractionMode.INTERACTIVE,
                                FAR_FUTURE,
                                new VerificationPolicy.TargetValueHash(
                                        Sha256.hex(config.value().getBytes(StandardCharsets.UTF_8))),
                                SafetyClass.REVERSIBLE);
                    }
                }
            } catch (Exception notYet) {
                // the window is still being built, or its accessibility tree is not exposed yet
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
        throw new IllegalStateException("the zenity window did not appear");
    }

    private static String line(String label, ExecuteReport report) {
        return label + " " + report.terminal().kind() + " " + report.succeededVerified() + " "
                + report.terminalAck().replayed() + " "
                + report.acknowledgements().size();
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        running = false;
        thread.join(TimeUnit.SECONDS.toMillis(5));
        ServiceRegistration<PinnedIssuer> registration = pin;
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException e) {
                // the bundle is stopping
            }
        }
    }
}
