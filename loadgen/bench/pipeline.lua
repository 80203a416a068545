-- wrk writes 16 requests at once per connection, as in the TechEmpower plaintext test
init = function(args)
  local batch = {}
  for i = 1, 16 do batch[i] = wrk.format(nil, "/") end
  req = table.concat(batch)
end
request = function() return req end
