package org.praefectus.embed;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Writes {@link EngineSettings} through the framework's ConfigurationAdmin. Its API lives inside the bundle set,
 * not on the host's class path (only the Praefectus API and Jackson's annotations are shared), so this one class
 * reaches it by its interface names; hosts get a typed method instead of doing so themselves.
 */
final class EngineConfiguration {

    static final String PID = "org.praefectus.engine";
    private static final String ADMIN = "org.osgi.service.cm.ConfigurationAdmin";
    private static final String CONFIGURATION = "org.osgi.service.cm.Configuration";

    private EngineConfiguration() {}

    static void write(BundleContext context, EngineSettings settings, Duration timeout) throws InterruptedException {
        // all services: the system bundle does not wire to ConfigurationAdmin's package, so the assignability
        // filter of a plain lookup would hide it
        ServiceTracker<Object, Object> tracker;
        try {
            tracker = new ServiceTracker<>(context, context.createFilter("(objectClass=" + ADMIN + ")"), null);
        } catch (InvalidSyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
        tracker.open(true);
        Object admin;
        ServiceReference<Object> reference;
        try {
            admin = tracker.waitForService(timeout.toMillis());
            reference = tracker.getServiceReference();
        } finally {
            tracker.close();
        }
        if (admin == null || reference == null) {
            throw new IllegalStateException("the bundle set has no ConfigurationAdmin within " + timeout);
        }
        admin = context.getService(reference);
        try {
            Object configuration = method(admin.getClass(), ADMIN, "getConfiguration", String.class, String.class)
                    .invoke(admin, PID, "?");
            @SuppressWarnings("JdkObsolete") // Configuration.update takes a Dictionary
            Dictionary<String, Object> properties = new Hashtable<>();
            properties.put("ledger.path", settings.ledgerPath().toString());
            method(configuration.getClass(), CONFIGURATION, "update", Dictionary.class)
                    .invoke(configuration, properties);
        } catch (IllegalAccessException | InvocationTargetException | NoSuchMethodException failed) {
            throw new IllegalStateException("the engine's configuration cannot be written", failed);
        } finally {
            context.ungetService(reference);
        }
    }

    /** The method as the named interface declares it (the implementation class need not be public). */
    private static Method method(Class<?> type, String interfaceName, String name, Class<?>... parameters)
            throws NoSuchMethodException {
        for (Class<?> current = type; current != null; current = current.getSuperclass()) {
            for (Class<?> candidate : current.getInterfaces()) {
                if (candidate.getName().equals(interfaceName)) {
                    return candidate.getMethod(name, parameters);
                }
            }
        }
        throw new NoSuchMethodException(interfaceName + "." + name);
    }
}
