package dev.fairbench.services;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A cross-process lock on {@code <dataDir>/services.lock}: held while binaries are unpacked and while servers are
 * started or stopped, so that two commands or two test JVMs never start the same server twice. Reentrant for the
 * thread that holds it; threads of one JVM queue on an in-memory lock first because a {@link FileLock} belongs to
 * the whole process.
 */
final class ServiceLock implements AutoCloseable {
    private static final ReentrantLock JVM_LOCK = new ReentrantLock();
    private final FileChannel channel;
    private final FileLock fileLock;

    private ServiceLock(FileChannel channel, FileLock fileLock) {
        this.channel = channel;
        this.fileLock = fileLock;
    }

    static ServiceLock acquire(Path dataDir) {
        JVM_LOCK.lock();
        if (JVM_LOCK.getHoldCount() > 1) return new ServiceLock(null, null);
        Path file = dataDir.resolve("services.lock");
        try {
            SafePaths.ensureOwnedFolder(dataDir);
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            return new ServiceLock(channel, channel.lock());
        } catch (IOException | RuntimeException e) {
            JVM_LOCK.unlock();
            throw new ServiceException("cannot lock " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            if (fileLock != null) {
                fileLock.release();
                channel.close();
            }
        } catch (IOException ignored) {
            // closing the channel releases the lock anyway
        } finally {
            JVM_LOCK.unlock();
        }
    }
}
