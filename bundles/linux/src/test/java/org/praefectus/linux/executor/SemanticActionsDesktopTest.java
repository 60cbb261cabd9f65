package org.praefectus.linux.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

class SemanticActionsDesktopTest {

    @TempDir
    Path screenshots;

    @Test
    void setValueOnARealEntryIsReadBackByHash() throws Exception {
        try (GtkApp zenity = GtkApp.zenityEntry("Praefectus Set Value");
                LinuxExecutor executor = Desktop.executor(screenshots, false)) {
            SemanticObservation observation = Desktop.observeUntil(executor, zenity.pid(), Desktop.role("text"));
            SemanticElement entry = Desktop.find(observation, Desktop.role("text"));
            assertTrue(entry.actionability().editable());
            TargetRef target = new TargetRef.Element(observation.target(entry.tag()));

            ResolvedTarget resolved = executor.resolve(target, new CancellationToken(), Desktop.deadline());
            String hash = Sha256.hex("fenced value".getBytes(StandardCharsets.UTF_8));
            executor.dispatch(new Action.SetValue("fenced value"), resolved, new VerificationPolicy.TargetValueHash(hash),
                    new CancellationToken(), Desktop.deadline());

            Observation after = executor.observe(target, new CancellationToken(), Desktop.deadline());
            JsonValue.JsonObject state = (JsonValue.JsonObject) after.state();
            assertEquals(new JsonValue.JsonString(hash), state.members().get("value_hash"));
        }
    }
}
