package org.praefectus.linux;

import java.io.IOException;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Optional;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.DesktopSettings;

/**
 * {@link DesktopSettings}: this bundle writes its own configurations ({@link DesktopConfig}, {@link ExecutorConfig}),
 * so the keys are spelled here only. Every change keeps what else the configuration holds.
 */
@Component(service = DesktopSettings.class)
public final class DesktopSettingsComponent implements DesktopSettings {

    /** The Linux executor's singleton and factory configurations, whoever made them. */
    private static final String EXECUTOR_CONFIGURATIONS =
            "(|(service.pid=" + ExecutorConfig.PID + ")(service.factoryPid=" + ExecutorConfig.PID + "))";

    private final ConfigurationAdmin configurationAdmin;

    @Activate
    public DesktopSettingsComponent(@Reference ConfigurationAdmin configurationAdmin) {
        this.configurationAdmin = configurationAdmin;
    }

    @Override
    public synchronized void elementCache(long ttlMs, boolean events) throws IOException {
        if (ttlMs < 0) {
            throw new IllegalArgumentException("the cache lifetime cannot be negative");
        }
        Configuration desktop = configurationAdmin.getConfiguration(DesktopConfig.PID, "?");
        Hashtable<String, Object> properties = copy(desktop.getProperties());
        properties.put("accessibility.cache.ttl.ms", ttlMs);
        properties.put("accessibility.events", events);
        desktop.update(properties);
    }

    @Override
    public synchronized void emergencyHotkey(boolean grab) throws IOException {
        Configuration executor = configurationAdmin.getConfiguration(ExecutorConfig.PID, "?");
        Hashtable<String, Object> properties = copy(executor.getProperties());
        properties.put("emergency.hotkey", grab);
        executor.update(properties);
    }

    @Override
    public synchronized boolean adoptSession(Optional<String> display, Optional<String> sessionBus) throws IOException {
        Configuration executor = configurationAdmin.getConfiguration(ExecutorConfig.PID, "?");
        Hashtable<String, Object> properties = copy(executor.getProperties());
        boolean changed = false;
        if (display.isPresent() && blank(properties.get("display"))) {
            properties.put("display", display.get());
            changed = true;
        }
        if (sessionBus.isPresent() && blank(properties.get("session.bus.address"))) {
            properties.put("session.bus.address", sessionBus.get());
            changed = true;
        }
        if (changed) {
            executor.update(properties);
        }
        return changed;
    }

    @Override
    @SuppressWarnings("JdkObsolete") // OSGi takes a Dictionary
    public synchronized SessionLease lendSession(String display, String sessionBus) throws IOException {
        try {
            if (configurationAdmin.listConfigurations(EXECUTOR_CONFIGURATIONS) != null) {
                throw new IllegalStateException("the Linux executor is configured by this runtime's host");
            }
        } catch (InvalidSyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
        Configuration executor = configurationAdmin.getConfiguration(ExecutorConfig.PID, "?");
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("display", display);
        properties.put("session.bus.address", sessionBus);
        executor.update(properties);
        String filter = "(&(praefectus.executor.backend=linux-atspi)(display=" + display + "))";
        return new SessionLease() {
            @Override
            public String executorFilter() {
                return filter;
            }

            @Override
            public void close() throws IOException {
                executor.delete();
            }
        };
    }

    private static boolean blank(Object value) {
        return value == null || value.toString().isBlank();
    }

    @SuppressWarnings("JdkObsolete") // OSGi takes a Dictionary
    private static Hashtable<String, Object> copy(Dictionary<String, Object> properties) {
        return properties == null ? new Hashtable<>() : new Hashtable<>(FrameworkUtil.asMap(properties));
    }
}
