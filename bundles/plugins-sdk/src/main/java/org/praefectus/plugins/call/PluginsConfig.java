package org.praefectus.plugins.call;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the plugin SDK: search paths, trust policy and call bounds. */
@ObjectClassDefinition(name = "Praefectus plugins", description = "PeekabooX-compatible process plugins")
public @interface PluginsConfig {

    String PID = "org.praefectus.plugins";

    /** Plugin paths searched when a request names none; default: none, so the PeekabooX defaults apply. */
    @AttributeDefinition(
            description = "Plugin paths searched when a request names none. Empty: "
                    + "PEEKABOOX_PLUGIN_PATH, PRAEFECTUS_PLUGIN_PATH, then ./plugins")
    String[] paths() default {};

    /** The trust policy file; default empty: {@code $XDG_CONFIG_HOME/peekaboox/trusted_plugins.json}. */
    @AttributeDefinition(
            description = "Trust policy file. Empty: $XDG_CONFIG_HOME/peekaboox/trusted_plugins.json "
                    + "or ~/.config/peekaboox/trusted_plugins.json")
    String trustPolicy() default "";

    /** Default timeout of one plugin call in milliseconds; default 10000. */
    @AttributeDefinition(description = "Default timeout of one plugin call, in milliseconds", min = "1")
    long timeoutMs() default 10_000;

    /** Default cap of stdout and of stderr per call, in bytes; default 1048576. */
    @AttributeDefinition(description = "Default cap of stdout and of stderr per call, in bytes", min = "1")
    int maxOutputBytes() default 1_048_576;

    /** Host environment variables a plugin may see; default PeekabooX's allowlist. */
    @AttributeDefinition(description = "Host environment variables a plugin may see")
    String[] inheritedEnvironment() default {
        "PATH", "HOME", "LANG", "LC_ALL", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "XDG_RUNTIME_DIR"
    };
}
