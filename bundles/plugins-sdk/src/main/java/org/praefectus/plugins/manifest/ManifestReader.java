package org.praefectus.plugins.manifest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.text.CallerText;

/**
 * Reads and validates {@code peekaboox.plugin.json}. Members PeekabooX does not define are ignored, as
 * PeekabooX ignores them, so its plugin directories work unchanged; everything it defines is checked
 * strictly and a failure names the member and what is wrong with it.
 */
public final class ManifestReader {

    /** Larger manifests are refused before parsing. */
    public static final int MAX_MANIFEST_BYTES = 1 << 20;

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private ManifestReader() {}

    /** The manifest file for a path naming a plugin directory or the manifest itself. */
    public static Path manifestPath(Path path) {
        return Files.isDirectory(path) ? path.resolve(PluginManifest.FILE_NAME) : path;
    }

    /** Loads the plugin at a path: a plugin directory or its manifest. */
    public static PluginDescriptor load(Path path) throws ManifestException {
        Path manifestPath = manifestPath(path).toAbsolutePath().normalize();
        byte[] bytes;
        try {
            if (Files.size(manifestPath) > MAX_MANIFEST_BYTES) {
                throw new ManifestException(
                        "plugin manifest " + manifestPath + " is larger than " + MAX_MANIFEST_BYTES + " bytes");
            }
            bytes = Files.readAllBytes(manifestPath);
        } catch (IOException unreadable) {
            throw new ManifestException("failed to read " + manifestPath + ": "
                    + unreadable.getClass().getSimpleName());
        }
        PluginManifest manifest = parse(bytes, manifestPath.toString());
        Path root = manifestPath.getParent();
        return new PluginDescriptor(manifest, root, manifestPath, EntrypointFiles.check(manifest, root));
    }

    /** Parses and validates manifest bytes; {@code source} names them in messages. */
    public static PluginManifest parse(byte[] bytes, String source) throws ManifestException {
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (JsonProcessingException malformed) {
            throw new ManifestException("invalid plugin manifest " + source + ": " + malformed.getOriginalMessage());
        } catch (IOException unreadable) {
            throw new ManifestException("invalid plugin manifest " + source + ": unreadable");
        }
        if (root == null || !root.isObject()) {
            throw new ManifestException("invalid plugin manifest " + source + ": root must be an object");
        }
        try {
            return manifest(root);
        } catch (ManifestException invalid) {
            throw new ManifestException("invalid plugin manifest " + source + ": " + invalid.getMessage());
        }
    }

    private static PluginManifest manifest(JsonNode root) throws ManifestException {
        String schemaVersion = requiredString(root, "schema_version");
        if (!schemaVersion.equals(PluginManifest.SCHEMA_VERSION)) {
            throw new ManifestException("unsupported schema_version \"" + CallerText.shown(schemaVersion)
                    + "\"; expected \"" + PluginManifest.SCHEMA_VERSION + "\"");
        }
        String id = identifier("id", requiredString(root, "id"));
        String name = requiredString(root, "name");
        String version = requiredString(root, "version");
        Optional<String> description = optionalString(root, "description");
        List<String> capabilities = capabilities("capabilities", root.get("capabilities"));
        Optional<PluginEntrypoint> entrypoint = entrypoint(root.get("entrypoint"));
        List<PluginToolSpec> tools = tools(root.get("tools"));
        Map<String, String> metadata = metadata(root.get("metadata"));
        return new PluginManifest(id, name, version, description, capabilities, entrypoint, tools, metadata);
    }

    private static Optional<PluginEntrypoint> entrypoint(JsonNode node) throws ManifestException {
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isObject()) {
            throw new ManifestException("entrypoint must be an object");
        }
        String kind = requiredString(node, "kind");
        if (!kind.equals(PluginEntrypoint.KIND_PROCESS)) {
            throw new ManifestException("entrypoint.kind must be \"process\", not \"" + CallerText.shown(kind) + "\"");
        }
        JsonNode command = node.get("command");
        if (command == null || !command.isArray() || command.isEmpty()) {
            throw new ManifestException("entrypoint.command must be a non-empty string array");
        }
        List<String> parts = new ArrayList<>();
        for (JsonNode part : command) {
            if (!part.isTextual() || part.asText().isEmpty() || part.asText().indexOf('\0') >= 0) {
                throw new ManifestException("entrypoint.command must contain non-empty strings");
            }
            parts.add(part.asText());
        }
        return Optional.of(new PluginEntrypoint(parts));
    }

    private static List<PluginToolSpec> tools(JsonNode node) throws ManifestException {
        if (node == null) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new ManifestException("tools must be an array of objects");
        }
        List<PluginToolSpec> tools = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (JsonNode tool : node) {
            if (!tool.isObject()) {
                throw new ManifestException("tools must be an array of objects");
            }
            String name = identifier("tool name", requiredString(tool, "name"));
            if (!names.add(name)) {
                throw new ManifestException("duplicate tool \"" + name + "\"");
            }
            String description = requiredString(tool, "description");
            List<String> capabilities = capabilities("tool \"" + name + "\" capabilities", tool.get("capabilities"));
            JsonNode schema = tool.get("input_schema");
            ObjectNode inputSchema;
            if (schema == null || schema.isNull()) {
                inputSchema = emptyObjectSchema();
            } else if (schema.isObject()) {
                inputSchema = (ObjectNode) schema;
            } else {
                throw new ManifestException("tool \"" + name + "\" input_schema must be a JSON object");
            }
            tools.add(new PluginToolSpec(name, description, capabilities, inputSchema));
        }
        return tools;
    }

    /** PeekabooX's default: an object with no properties and no others allowed. */
    static ObjectNode emptyObjectSchema() {
        ObjectNode schema = JsonNodeFactory.instance.objectNode();
        schema.put("type", "object");
        schema.putObject("properties");
        schema.put("additionalProperties", false);
        return schema;
    }

    private static List<String> capabilities(String label, JsonNode node) throws ManifestException {
        if (node == null) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new ManifestException(label + " must be a string array");
        }
        List<String> capabilities = new ArrayList<>();
        for (JsonNode entry : node) {
            if (!entry.isTextual()) {
                throw new ManifestException(label + " must be a string array");
            }
            String capability = identifier("capability", entry.asText());
            if (!Capabilities.KNOWN.contains(capability)) {
                throw new ManifestException("unknown capability \"" + capability + "\"; known: "
                        + String.join(", ", Capabilities.KNOWN.stream().sorted().toList()));
            }
            if (!capabilities.contains(capability)) {
                capabilities.add(capability);
            }
        }
        return capabilities;
    }

    private static Map<String, String> metadata(JsonNode node) throws ManifestException {
        if (node == null || node.isNull()) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw new ManifestException("metadata must be an object of strings");
        }
        Map<String, String> metadata = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            if (!entry.getValue().isTextual()) {
                throw new ManifestException("metadata \"" + CallerText.shown(entry.getKey()) + "\" must be a string");
            }
            metadata.put(entry.getKey(), entry.getValue().asText());
        }
        return metadata;
    }

    private static String requiredString(JsonNode node, String member) throws ManifestException {
        JsonNode value = node.get(member);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new ManifestException(member + " must be a non-empty string");
        }
        return value.asText();
    }

    private static Optional<String> optionalString(JsonNode node, String member) throws ManifestException {
        JsonNode value = node.get(member);
        if (value == null || value.isNull()) {
            return Optional.empty();
        }
        if (!value.isTextual()) {
            throw new ManifestException(member + " must be a string");
        }
        return Optional.of(value.asText());
    }

    /** PeekabooX's identifier rule: 1 to 128 ASCII letters, digits, dots, underscores or dashes. */
    static String identifier(String label, String value) throws ManifestException {
        if (value.length() > 128) {
            throw new ManifestException(label + " must be 128 characters or shorter");
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '.'
                    || c == '_'
                    || c == '-';
            if (!allowed) {
                throw new ManifestException(label + " \"" + CallerText.shown(value)
                        + "\" must use only ASCII letters, digits, dots, underscores, or dashes");
            }
        }
        if (value.isEmpty()) {
            throw new ManifestException(label + " must not be empty");
        }
        return value;
    }
}
