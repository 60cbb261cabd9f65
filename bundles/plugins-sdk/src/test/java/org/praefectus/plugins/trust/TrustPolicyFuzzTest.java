package org.praefectus.plugins.trust;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The trust policy file decides which plugins may run: for any bytes it either loads or is refused with
 * {@link TrustPolicyException}, never another exception (which a host could mistake for "no policy").
 */
class TrustPolicyFuzzTest {

    private static Path file;

    @BeforeAll
    static void createFile() throws IOException {
        file = Files.createTempFile("trusted_plugins", ".json");
    }

    @AfterAll
    static void deleteFile() throws IOException {
        Files.deleteIfExists(file);
    }

    @FuzzTest
    void load(byte[] input) {
        try {
            Files.write(file, input);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            TrustPolicy.load(file);
        } catch (TrustPolicyException expected) {
            // a refusal with a message is the only acceptable failure
        }
    }
}
