package org.praefectus.examples.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.Engine;
import org.praefectus.embed.EmbeddedPraefectus;
import org.praefectus.embed.EngineSettings;

/**
 * Regression (issue 42, defect 7): configuring the engine of an embedded runtime needed reflection to reach
 * ConfigurationAdmin, whose API is not on the host's class path. {@link EmbeddedPraefectus#configureEngine} is the
 * typed way.
 */
class EngineSettingsTest {

    @TempDir
    Path directory;

    @Test
    void aHostMovesTheEnginesLedgerWithATypedSetting() throws Exception {
        Path ledgers = Files.createDirectory(
                directory.resolve("ledgers"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path ledger = ledgers.resolve("host-operations.jsonl");
        try (EmbeddedPraefectus praefectus = EmbeddedPraefectus.start(
                Path.of(System.getProperty("praefectus.bundle.set")), directory.resolve("felix"), Map.of())) {
            Engine engine = praefectus.service(Engine.class, Duration.ofSeconds(30));

            praefectus.configureEngine(new EngineSettings(ledger), Duration.ofSeconds(30));

            var reference = praefectus.context().getServiceReference(Engine.class);
            assertEquals(ledger.toString(), reference.getProperty("ledger.path"));
            assertSame(engine, praefectus.context().getService(reference), "the held Engine is still the service");
            praefectus.context().ungetService(reference);
        }
    }
}
