package org.slf4j.impl;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;
import org.slf4j.spi.LoggerFactoryBinder;

/**
 * slf4j 1.7's binding (found by name, {@code org.slf4j.impl.StaticLoggerBinder}): every logger writes to the
 * process log ({@link org.praefectus.logging.ProcessLog}), the same file as slf4j 2's loggers, so Aries RSA's and
 * HikariCP's warnings land in it too.
 */
public final class StaticLoggerBinder implements LoggerFactoryBinder {

    /** Read by slf4j 1.7's LoggerFactory to check compatibility; not final, as slf4j's own bindings. */
    @SuppressWarnings("checkstyle:VisibilityModifier")
    public static String REQUESTED_API_VERSION = "1.6.99";

    private static final StaticLoggerBinder SINGLETON = new StaticLoggerBinder();

    private final ConcurrentMap<String, Logger> loggers = new ConcurrentHashMap<>();
    private final ILoggerFactory factory = name -> loggers.computeIfAbsent(name, ProcessLogger1::new);

    private StaticLoggerBinder() {}

    /** The binding, as slf4j 1.7 asks for it. */
    public static StaticLoggerBinder getSingleton() {
        return SINGLETON;
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public String getLoggerFactoryClassStr() {
        return ProcessLogger1.class.getName();
    }
}
