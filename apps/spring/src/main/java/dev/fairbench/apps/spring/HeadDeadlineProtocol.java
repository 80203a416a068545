package dev.fairbench.apps.spring;

import org.apache.coyote.Request;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.coyote.http11.Http11Processor;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Tomcat's NIO HTTP/1.1 protocol with a deadline on the whole request head (contract §5.1: a head not complete
 * 2 s after its first byte ends the connection, whether it stalls or trickles in). Tomcat's read timeout
 * ({@code connection-timeout}) counts from the last byte read, so a client sending a byte a second would hold a
 * connection until the head-size limit, hours later. Every {@link #SWEEP_MILLIS} a task on Tomcat's utility executor
 * looks at the connections holding a partial head (their processor stays attached to the socket between reads)
 * and hands those whose head began more than {@link #HEAD_BOUND} ago to a worker with an error event, as Tomcat's
 * poller does with a read that timed out: the worker closes the connection under the socket's lock, so it never
 * races a read being processed. A trickled head thus ends 2 to 2.25 s after its first byte. (Cutting the socket's
 * read timeout and leaving the close to the poller is not enough: its timeout pass runs about once a second, in the
 * loop that a trickled byte wakes, while that very socket is being read and so not checked.)
 *
 * <p>Public with a public constructor: Tomcat instantiates its protocol by class name. Thread-safe: the sweep only
 * reads the connections' state and dispatches events through Tomcat's own, serialized, path.
 */
public final class HeadDeadlineProtocol extends Http11NioProtocol {
    /** Contract §5.1: a head that began longer ago than this is cut off. */
    static final Duration HEAD_BOUND = Duration.ofSeconds(2);
    /** How often the sweep looks for overdue heads. */
    static final long SWEEP_MILLIS = 250;

    private ScheduledFuture<?> sweep;

    public HeadDeadlineProtocol() {
        super();
    }

    @Override
    public void start() throws Exception {
        super.start();
        sweep = getUtilityExecutor().scheduleWithFixedDelay(this::closeOverdueHeads, SWEEP_MILLIS, SWEEP_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    @Override
    public void stop() throws Exception {
        if (sweep != null) sweep.cancel(false);
        super.stop();
    }

    private void closeOverdueHeads() {
        long now = System.nanoTime();
        for (SocketWrapperBase<NioChannel> socket : getEndpoint().getConnections()) {
            // A processor is attached to an idle socket only to keep a partial head (or an async or upgraded
            // request's state); while a request runs, its worker has taken the processor off the socket.
            if (socket.getCurrentProcessor() instanceof Http11Processor processor && !processor.isAsync()
                    && !processor.isUpgrade() && overdue(processor.getRequest(), now)) {
                socket.setError(new SocketTimeoutException("request head not complete within " + HEAD_BOUND));
                socket.processSocket(SocketEvent.ERROR, true);
            }
        }
    }

    /** Whether {@code request} began more than {@link #HEAD_BOUND} before {@code now} (nanoseconds). */
    static boolean overdue(Request request, long now) {
        long start = request.getStartTimeNanos();
        return start != -1 && now - start > HEAD_BOUND.toNanos();
    }
}
