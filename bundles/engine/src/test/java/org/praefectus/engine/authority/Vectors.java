package org.praefectus.engine.authority;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HexFormat;

/** Loads the JSON vector files copied into this package's test resources. */
final class Vectors {
    private Vectors() {}

    static JsonNode load(String name) {
        try (InputStream in = Vectors.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex);
    }
}
