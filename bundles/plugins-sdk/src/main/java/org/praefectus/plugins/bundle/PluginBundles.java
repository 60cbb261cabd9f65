package org.praefectus.plugins.bundle;

/** The contract between plugin bundles and the extender. */
public final class PluginBundles {

    /**
     * Bundle header naming the plugin directory inside the bundle, for example {@code plugin}: the folder
     * holding {@code peekaboox.plugin.json} and the files its entrypoint runs.
     */
    public static final String HEADER = "Praefectus-Plugin";

    /** The extender's name in the {@code osgi.extender} namespace; plugin bundles require it. */
    public static final String EXTENDER = "praefectus.plugins";

    /** The extender's version. */
    public static final String EXTENDER_VERSION = "1.0.0";

    /** Location prefix of bundles generated from plugin directories. */
    public static final String GENERATED_LOCATION = "praefectus-plugin:";

    private PluginBundles() {}
}
