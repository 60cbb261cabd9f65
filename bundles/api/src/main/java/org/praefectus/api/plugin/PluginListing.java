package org.praefectus.api.plugin;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The plugins found on the plugin paths, as every surface answers {@code plugins} ({@code list_plugins}).
 *
 * @param sdkVersion the plugin manifest schema this runtime reads ({@code peekaboox.plugin.v1})
 * @param plugins    each plugin as PeekabooX describes it ({@code id}, {@code name}, {@code version},
 *                   {@code description}, {@code capabilities}, {@code root}, {@code manifest_path},
 *                   {@code entrypoint}, {@code tools}, {@code metadata}) with {@code trusted} and
 *                   {@code trust_reason}
 * @param errors     the problems found, each {@code path} and {@code message}
 */
@JsonPropertyOrder({"sdk_version", "plugins", "errors"})
public record PluginListing(
        @JsonProperty("sdk_version") String sdkVersion,
        @JsonProperty("plugins") List<Map<String, Object>> plugins,
        @JsonProperty("errors") List<Map<String, Object>> errors) {

    public PluginListing {
        plugins = List.copyOf(plugins);
        errors = List.copyOf(errors);
    }
}
